import { describe, expect, it } from 'vitest';
import { FEATURES } from '../domain/subscriptions/entitlements.ts';
import { allHandlers } from '../routes/index.ts';
import { contract, operations, validator } from '../test/harness.ts';
import { resolveRef } from './load.ts';
import { countImplemented, toHonoPath } from './router.ts';
import { errorsToFields } from './validate.ts';

describe('the contract as the server reads it', () => {
  it('has unique operationIds and every handler belongs to an operation', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const unknown = Object.keys(allHandlers()).filter((id) => !ids.includes(id));
    expect(unknown).toEqual([]);
  });

  // One test per operation: compiling all of them (190 operations, their responses) in one test
  // took 28–49 s on a loaded 2-core machine, against the 30 s guard against a hung test.
  it.each(operations.map((op) => [op.operationId, op] as const))(
    'compiles a validator for %s and each of its declared responses',
    (operationId, op) => {
      expect(() => validator.operation(op), operationId).not.toThrow();
      for (const status of Object.keys(op.operation.responses ?? {})) {
        if (/^\d+$/.test(status)) validator.response(op, Number(status));
      }
    },
  );

  it('converts contract paths to Hono paths, keeping the trailing slash', () => {
    expect(toHonoPath('/auth/users/{id}/')).toBe('/auth/users/:id/');
    expect(toHonoPath('/auth/invitation/{code}/apply/')).toBe('/auth/invitation/:code/apply/');
  });

  it('has the same plan features as the entitlements domain', () => {
    const feature = resolveRef<unknown>(contract, { $ref: '#/components/schemas/Feature' }) as {
      enum: string[];
    };
    expect([...feature.enum].sort()).toEqual([...FEATURES].sort());
  });

  it('names fields from validation errors', () => {
    expect(
      errorsToFields([
        {
          keyword: 'required',
          instancePath: '',
          schemaPath: '#/required',
          params: { missingProperty: 'email' },
        },
        {
          keyword: 'type',
          instancePath: '/pages/0/duration',
          schemaPath: '#/type',
          params: { type: 'integer' },
        },
        { keyword: 'minProperties', instancePath: '', schemaPath: '#', params: { limit: 1 } },
      ]),
    ).toEqual({
      email: ['This field is required.'],
      'pages.0.duration': ['Must be an integer.'],
      non_field_errors: ['At least one field is required.'],
    });
  });

  it('reports how many operations are implemented', () => {
    const { implemented, total, missing } = countImplemented(contract, allHandlers());
    console.log(`Contract operations implemented: ${implemented}/${total}`);
    expect(total).toBe(operations.length);
    expect(implemented).toBe(total - missing.length);
    expect(implemented).toBeGreaterThanOrEqual(9); // health + the eight auth operations
  });
});
