export { HsgqWebClient, HsgqSessionPool, hsgqLoginBody } from './hsgq-web-client';
export type { HsgqWebTarget, HsgqEnvelope } from './hsgq-web-client';
export { HsgqError, HsgqErrorCode } from './hsgq.exception';
export { observeHsgq } from './hsgq-observer';
export type { HsgqExchange, HsgqObserver } from './hsgq-observer';
