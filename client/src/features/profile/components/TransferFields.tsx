import { inputRuleText, txReferenceShapeText } from '@gogo/shared/messages';
import type { CryptoType } from '@gogo/shared/rules';
import { TextField } from '../../../components/TextField';
import type { RequestForm } from './useRequestForm';

interface Props {
  crypto: CryptoType;
  /** A deposit needs both; a dice purchase only recommends them. */
  required: boolean;
  form: RequestForm<{ cryptoAddress: string; reference: string }>;
}

/**
 * How an admin matches a transfer: the player's sending address and the transfer's transaction id,
 * which the server checks against the coin's shape.
 */
export function TransferFields({ crypto, required, form }: Props) {
  const { values, errors, set } = form;
  return (
    <>
      <TextField
        label={required ? 'Your sending address' : 'Your sending address (recommended)'}
        error={errors.cryptoAddress}
        autoComplete="off"
        spellCheck={false}
        value={values.cryptoAddress}
        onChange={(e) => set('cryptoAddress')(e.target.value)}
      />
      <TextField
        label={required ? 'Transaction hash (reference)' : 'Transaction hash (reference, optional)'}
        error={errors.reference}
        hint={inputRuleText.referenceHint(crypto, txReferenceShapeText(crypto))}
        autoComplete="off"
        spellCheck={false}
        required={required}
        value={values.reference}
        onChange={(e) => set('reference')(e.target.value)}
      />
    </>
  );
}
