import { browserTestConfig } from '@stride/shared/testing/rstest-config';

export default browserTestConfig;
