import { probarFallas } from './fallas-prueba.ts';

/** 1,000 top-ups with faults through the HTTP simulator's own protocol (fallas-prueba.ts). */
probarFallas();
