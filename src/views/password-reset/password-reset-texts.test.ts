import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/runtime';
import { REQUEST_HEADING, REQUEST_INTRO } from './password-reset-texts';

describe('the prerendered texts of /resetpwd/forgot', () => {
  it('are the English catalogue’s, word for word', () => {
    expect(t('reset.requestHeading')).toBe(REQUEST_HEADING);
    expect(t('reset.requestIntro')).toBe(REQUEST_INTRO);
  });
});
