import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { type Driver, defineModel, generatePaths, runPaths } from '../harness/index.ts';
import { readFileReports } from '../harness/report.ts';
import { toggleMachine } from './machines/toggle.machine.ts';
import { ToggleView } from './views/toggle-view.tsx';

const model = defineModel({
  machine: toggleMachine,
  states: {
    inactive: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
  },
});

const driver: Driver<typeof toggleMachine> = {
  TOGGLE: async (_event, { user }) => {
    await user.click(screen.getByRole('button', { name: /turn (on|off)/i }));
  },
};

describe('toggle paths', () => {
  it('walks every edge: on, then off again', () => {
    expect(generatePaths(model).map((path) => path.title)).toEqual(['TOGGLE → TOGGLE ⇒ inactive']);
  });
});

const reportDir = mkdtempSync(join(tmpdir(), 'toggle-report-'));

// Registered before runPaths, so it runs after runPaths' own afterAll (hooks unwind like a stack).
afterAll(() => {
  const [report] = readFileReports(reportDir);
  rmSync(reportDir, { recursive: true, force: true });
  expect(report?.testFile).toBe('model-tests/harness-selftest/toggle.test.tsx');
  const [machine] = report?.machines ?? [];
  expect(machine?.visits.ui.transitions).toEqual([
    'toggle.active --TOGGLE--> toggle.inactive',
    'toggle.inactive --TOGGLE--> toggle.active',
  ]);
  expect(machine?.paths.map((path) => [path.runs.machine?.status, path.runs.ui?.status])).toEqual([
    ['passed', 'passed'],
  ]);
});

runPaths({
  model,
  reportDir,
  uiRun: {
    name: 'toggle driver',
    render: ({ actor }) => render(<ToggleView actor={actor} />),
    driver,
    states: {
      inactive: ({ screen }) => expect(screen.getByRole('status').textContent).toBe('The light is off'),
      active: ({ screen }) => expect(screen.getByRole('status').textContent).toBe('The light is on'),
    },
  },
});
