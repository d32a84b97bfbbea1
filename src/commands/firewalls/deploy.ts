import { actionCommand } from '../resource/action.js';
import { FIREWALLS } from './family.js';

export default actionCommand(FIREWALLS, { verb: 'deploy', description: "apply the firewall's rules to its instances (a draft goes live); --wait until active" });
