import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t';

/**
 * A second factor's code as typed (issue 30 point 2: the login's code step and the security page's confirmation):
 * the value, the form's own refusal of an empty code once submitted ('Enter the code.'), and the submit that hands
 * a non-empty code to `send`.
 */
export function useCodeEntry(send: (code: string) => void) {
  const t = useT();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && code.trim() === '' ? t('admin.enterCode') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (code.trim() !== '') send(code);
  };
  return { code, setCode, missing, submit };
}
