import { startFetchingDeployment } from './releases/deployment-document';

// Before the async boundary, so the deployment document downloads alongside the shared chunks.
startFetchingDeployment();
// The async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
