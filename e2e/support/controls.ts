import { expect, type Locator } from '@playwright/test';

/**
 * Checks a checkbox or radio button as a person does, by clicking it, then waits until it shows checked (the
 * assertion's usual 10 s). Playwright's own `check()` reads the state once, the moment after its click, and fails
 * when it is not yet checked: the site's inputs are controlled by the flows' machines, and on the loaded CI machine
 * that read came before React's commit of the new state (Dec 8 2026: an athlete's radio after the login, the school
 * meals box of the request for financial assistance, each once in a clean-clone run; session 29 had a third). A click
 * that changes nothing still fails here. An input already checked is left as it is, as `check()` does.
 */
export async function check(control: Locator): Promise<void> {
  if (await control.isChecked()) return;
  await control.click();
  await expect(control).toBeChecked();
}
