export {
  ConversionResults,
  ConversionTable,
  ConversionTablePage,
  DigitTable,
} from './ConversionTable.tsx';
export { ConversionTableIsland } from './islands.tsx';
export { numbersProblem } from './validation.ts';
