/**
 * The catalog lives in src/flows so the /flows page draws the very ids coverage is measured against; the harness
 * keeps importing it from here.
 */
export {
  actionLabel,
  catalogMachine,
  descendantNodes,
  eventText,
  guardLabel,
  type InvokeEntry,
  type MachineCatalog,
  type StateEntry,
  shortStateId,
  type TransitionEntry,
  type TransitionKind,
  transitionIndex,
  transitionKind,
} from '../../src/flows/machine-catalog.ts';
