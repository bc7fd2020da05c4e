import { probarFallas } from './fallas-prueba.ts';

/**
 * 1,000 top-ups with timeouts, 5xx and dropped connections with platform 1 on the Reloadly
 * adapter, over HTTP to the simulator's Reloadly sandbox: 0 sent twice by its ledger of
 * customIdentifiers, every row terminal after reconciliation (fallas-prueba.ts). In the faults
 * suite (npm run test:faults): a few minutes on a loaded machine.
 */
probarFallas({ reloadly: true });
