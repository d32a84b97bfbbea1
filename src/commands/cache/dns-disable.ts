import { dnsCommand } from '../database/shared.js';

export default dnsCommand('cache', false);
