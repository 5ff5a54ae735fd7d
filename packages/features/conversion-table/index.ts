export {
  ConversionResults,
  ConversionTable,
  ConversionTablePage,
  DigitTable,
} from './ConversionTable.tsx';
export { ConversionTableIsland } from './islands.tsx';
export { OwnTable } from './OwnTable.tsx';
export { numbersProblem } from './validation.ts';
