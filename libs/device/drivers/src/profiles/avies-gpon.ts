/** AVIES GPON: HSGQ-family GPON firmware (G02ID class). Web API GPON path family, SNMP 50224 ONU tables. */
export * from './avies-hsgq';
export const mode = 'gpon' as const;
