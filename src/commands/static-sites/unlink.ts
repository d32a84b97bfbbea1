import { resolve } from 'node:path';
import { arg, defineCommand } from '../../cli/command.js';
import { linkPath, removeLink } from './link-file.js';

export default defineCommand({
  path: ['static-sites', 'unlink'],
  description: "remove a directory's link to a static site (made by 'infra static-sites link <site>')",
  args: [arg('[dir]', 'the linked directory (default: the current one)')],
  examples: ['infra static-sites unlink', 'infra static-sites unlink ./handbook'],
  run: async (app, { args: [dir] }) => {
    const root = resolve(dir ?? '.');
    // A directory with no link is already what was asked for: said, not an error.
    const removed = removeLink(root);
    if (app.json) app.printJson({ file: linkPath(root), removed });
    app.info(removed ? `removed ${linkPath(root)}` : `${dir ?? 'this directory'} has no link to a static site`);
  },
});
