import { browserTestConfig } from './src/test-utils/rstest-config';

export default browserTestConfig;
