// `serverless env diff FILE <id>`: what differs between a file and a container's variables.
// Exit 0 when equal and 1 when not, as diff(1); `-` marks a name only in the file, `+` one only
// on the container, `~` a value that differs. Values are shown only with --show-secrets.
import { arg, defineCommand, resourceArg } from '../../../cli/command.js';
import { CONTAINERS } from '../../../client/families.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { formatOption, readEnvFile } from './file.js';
import { readEnv, showSecretsOption, shown } from './flow.js';

export default defineCommand({
  path: ['serverless', 'env', 'diff'],
  description: "compare a dotenv or JSON file with a container's variables (exit 0 equal, 1 different)",
  args: [arg('<file>', 'a dotenv file or a JSON object; - reads standard input'), resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: { ...formatOption('the file format (default: JSON when the file starts with "{", dotenv otherwise)'), ...showSecretsOption() },
  examples: ['infra serverless env diff .env web', 'infra serverless env diff web.json web --json', 'infra serverless env export web > web.env && infra serverless env diff web.env web'],
  run: async (app, { args: [file, ref], opts }) => {
    const inFile = await readEnvFile(app, file, opts.format);
    const { name, env } = await readEnv(app, await app.client(), ref);
    const onlyInFile = Object.keys(inFile).filter((k) => !(k in env));
    const onlyOnContainer = Object.keys(env).filter((k) => !(k in inFile));
    const changed = Object.keys(inFile).filter((k) => k in env && env[k] !== inFile[k]);
    const equal = onlyInFile.length + onlyOnContainer.length + changed.length === 0;
    const show = (v: string) => shown(v, opts.showSecrets);
    if (app.json) app.printJson({ equal, only_in_file: onlyInFile, only_on_container: onlyOnContainer, changed });
    else if (equal) app.info(`${file} and ${name} hold the same ${Object.keys(env).length} variables`);
    else {
      const lines = [
        `--- ${file}`,
        `+++ ${name}`,
        ...onlyInFile.map((k) => `- ${k}=${show(inFile[k]!)}`),
        ...onlyOnContainer.map((k) => `+ ${k}=${show(env[k]!)}`),
        ...changed.map((k) => `~ ${k}: ${show(inFile[k]!)} -> ${show(env[k]!)}`),
      ];
      app.print(lines.join('\n'));
    }
    return equal ? ExitCode.OK : ExitCode.FAILED;
  },
});
