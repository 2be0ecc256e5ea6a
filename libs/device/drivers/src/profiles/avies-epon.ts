/** AVIES EPON: HSGQ-family EPON firmware (XE04I class). Web API EPON path family first, telnet second. */
export * from './avies-hsgq';
export const mode = 'epon' as const;
