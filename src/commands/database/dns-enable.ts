import { dnsCommand } from '../resource/datastore.js';

export default dnsCommand('database', true);
