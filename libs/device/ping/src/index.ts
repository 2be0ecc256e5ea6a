export { parseFpingLine, LineSplitter } from './fping-output';
export type {
  FpingLine,
  FpingReply,
  FpingTimeout,
  FpingIcmpError,
  FpingUnresolved,
  FpingDuplicate,
  FpingOther,
} from './fping-output';
export { planShards, defaultShardSize } from './shards';
export type { ShardPlanEntry } from './shards';
export { FpingProber } from './fping-prober';
export type { FpingProberOptions, FpingNotice, PingResult } from './fping-prober';
