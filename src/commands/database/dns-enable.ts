import { dnsCommand } from './shared.js';

export default dnsCommand('database', true);
