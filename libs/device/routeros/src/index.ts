export * from './routeros.types';
export { RouterOsError, RouterOsErrorCode } from './routeros.exception';
export {
  encodeLength,
  decodeLength,
  encodeSentence,
  parseReply,
  SentenceReader,
  WordFramingError,
  MAX_SENTENCE_BYTES,
} from './words';
export type { ReplySentence } from './words';
export { connectRouterOs } from './connect';
export { RouterOsApiClient, challengeResponse } from './api-client';
export { RouterOsRestClient } from './rest-client';
export {
  PPP_SECRET_SERVICES,
  addPppSecret,
  readActivePpp,
  readArp,
  readDhcpLeases,
  readInterfaceTraffic,
  readPppSecrets,
  readPppoeServerSessions,
  readPppoeServices,
  readRouterBoard,
  readSimpleQueues,
  readSystemResource,
  readVlans,
  removePppSecret,
  toActivePppSession,
  toRouterResource,
  toSimpleQueue,
} from './routeros-reads';
export {
  optionalString,
  parseBool,
  parseInteger,
  parseRate,
  parseRouterOsDuration,
  parseUpDown,
} from './values';
