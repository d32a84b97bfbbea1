import { completedFrom, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { actionCommand } from '../resource/action.js';
import { choicesRoute } from '../resource/family.js';
import { nonEmpty } from '../../cli/options.js';
import { VPS } from './family.js';

export default actionCommand(VPS, {
  verb: 'reinstall',
  description: 'reinstall the operating system (destructive: every file on the VPS is lost); --wait until it runs',
  destructive: 'Reinstall {name}? Every file on it is lost.',
  options: { image: completedFrom(option('--image <image>', "the image to install (see 'infra vps images')", nonEmpty('--image')), choicesRoute(VPS, 'images')) },
  body: (opts) => {
    if (!opts.image) throw new UsageError('--image is required: the image to install', "'infra vps images' lists them");
    return { image: opts.image };
  },
  examples: ['infra vps reinstall vps-01 --image debian-12', 'infra vps reinstall vps-01 --image ubuntu-24.04 --yes --wait'],
});
