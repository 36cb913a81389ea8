import { describe, expect, it } from 'vitest';
import { listProductMachines } from './report.ts';

// A product machine without a model test has 0 % path coverage; this keeps `npm test` from passing in that case.
describe('product machines', () => {
  it('each src/machines/<flow>.machine.ts has a model-tests/<flow>.model.test.tsx', () => {
    const untested = listProductMachines()
      .filter((machine) => machine.modelTest === null)
      .map((machine) => machine.file);
    expect(untested).toEqual([]);
  });
});
