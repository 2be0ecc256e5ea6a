import type { Job } from 'bullmq';
import type { JobName, JobPayloads, JobResults } from '@pondesk/server-queue';

/** A job's handler: a service method that takes the job's payload and answers its result. */
export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  job: Job<JobPayloads[N], JobResults[N], N>,
) => Promise<JobResults[N]>;

/** The handler methods a class declares: `[job, method name]`. */
const HANDLERS = Symbol('pondesk:job-handlers');

interface DeclaredHandler {
  job: JobName;
  method: string;
}

/**
 * Makes the method the handler of `name`; the job registry finds it on the provider at start. A method
 * whose payload or result does not fit the job does not compile.
 */
export function OnJob<N extends JobName>(name: N) {
  return <H extends JobHandler<N>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    const declared: DeclaredHandler[] = [...jobHandlersOf(target), { job: name, method: String(method) }];
    Reflect.defineMetadata(HANDLERS, declared, target);
  };
}

/** The handlers declared on a prototype and the prototypes it inherits from. */
export function jobHandlersOf(prototype: object): readonly DeclaredHandler[] {
  return (Reflect.getMetadata(HANDLERS, prototype) as DeclaredHandler[] | undefined) ?? [];
}
