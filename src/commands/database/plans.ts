import { readCommand } from '../resource/read.js';
import { DATABASE } from './family.js';

export default readCommand(DATABASE, { verb: 'plans', description: "the resource profiles (plans) of databases, for 'database create --profile'", sub: '/plans', perResource: false });
