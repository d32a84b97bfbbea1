import { bucketMetricsCommand } from './metrics-reads.js';

export default bucketMetricsCommand('top-objects');
