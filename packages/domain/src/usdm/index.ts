/** CDISC USDM 4.0 (the digital protocol): a study version's design out, and another system's in. */
export { EXT as USDM_EXTENSION_URLS, USDM_VERSION } from './codes';
export * from './design';
export { toUsdm } from './export';
export { fromUsdm, type UsdmImport } from './import';
export type { ImportError as UsdmImportError, Unmapped as UsdmUnmapped } from './import-read';
