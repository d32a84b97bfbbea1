import { bucketMetricsCommand } from './metrics-more.js';

export default bucketMetricsCommand('top-objects');
