/** Alert risk and asset importance levels, lowest first (docs/console.md §3), as the API sends them. */
export { IMPORTANCES, RISKS, type Importance, type Risk } from '@lorawatch/contracts';
