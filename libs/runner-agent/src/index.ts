export { RunnerAgent, LogUploader, contractStepName, withCredentials, type RunnerAgentOptions, type RunnerAgentLogger } from './lib/runner-agent';
export { HttpRunnerTransport, RunnerProtocolError, registerRunner, type HttpTransportOptions } from './lib/http-transport';
export { JobFencedError, LogOffsetError, type ClaimedJob, type JobCredentials, type JobRef, type RunnerHealth, type RunnerTransport } from './lib/transport';
