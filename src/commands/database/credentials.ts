import { credentialsCommand } from './shared.js';

export default credentialsCommand('database');
