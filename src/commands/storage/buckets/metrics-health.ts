import { bucketMetricsCommand } from './metrics-reads.js';

export default bucketMetricsCommand('health');
