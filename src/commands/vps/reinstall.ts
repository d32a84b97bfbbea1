import { InvalidArgumentError } from 'commander';
import { completedFrom, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { actionCommand } from '../resource/action.js';
import { choicesRoute } from '../resource/family.js';
import { nonEmpty } from '../../cli/options.js';
import { VPS } from './family.js';
import { InputProblem, readTextFileSync } from '../kit/input.js';

/** Cloud-init user data is small by nature; a bigger file is a wrong path, not a script. */
export const MAX_CLOUD_INIT_BYTES = 64 * 1024;

export default actionCommand(VPS, {
  verb: 'reinstall',
  description: 'reinstall the operating system (destructive: every file on the VPS is lost); --wait until it runs',
  destructive: 'Reinstall {name}? Every file on it is lost.',
  options: {
    image: completedFrom(option('--image <image>', "the image to install (see 'infra vps images')", nonEmpty('--image')), choicesRoute(VPS, 'images')),
    cloudInit: option('--cloud-init <file>', `a cloud-init script run on the fresh system's first boot (custom_cloud_init; text, at most ${MAX_CLOUD_INIT_BYTES / 1024} KiB)`, cloudInitFile),
  },
  body: (opts) => {
    if (!opts.image) throw new UsageError('--image is required: the image to install', "'infra vps images' lists them");
    return { image: opts.image, ...(opts.cloudInit === undefined ? {} : { custom_cloud_init: opts.cloudInit }) };
  },
  examples: [
    'infra vps reinstall vps-01 --image debian-12',
    'infra vps reinstall vps-01 --image ubuntu-24.04 --yes --wait',
    'infra vps reinstall vps-01 --image ubuntu-24.04 --cloud-init user-data.yaml --yes',
  ],
});

/**
 * commander argParser for --cloud-init: the file's text, read before any request (the API
 * takes the script itself as `custom_cloud_init`). Size-bounded before it is read; a binary
 * file or one that is not UTF-8 is refused rather than sent garbled.
 */
function cloudInitFile(path: string): string {
  if (path.trim() === '') throw new InvalidArgumentError('--cloud-init needs a file path.');
  let text: string;
  try {
    text = readTextFileSync(path, MAX_CLOUD_INIT_BYTES);
  } catch (err) {
    if (err instanceof InputProblem) throw new InvalidArgumentError(`--cloud-init: ${err.message}.`);
    throw err;
  }
  if (text.trim() === '') throw new InvalidArgumentError(`--cloud-init: ${path} is empty.`);
  return text;
}
