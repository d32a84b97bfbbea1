import { credentialsCommand } from '../resource/datastore.js';

export default credentialsCommand('cache');
