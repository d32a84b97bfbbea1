import { credentialsCommand } from '../database/shared.js';

export default credentialsCommand('cache');
