import { inputRuleText, txReferenceShapeText } from '@gogo/shared/messages';
import type { CryptoType } from '@gogo/shared/rules';
import { TextField } from '../../../components/TextField';

interface Props {
  crypto: CryptoType;
  /** A deposit needs both; a dice purchase only recommends them. */
  required: boolean;
  values: { cryptoAddress: string; reference: string };
  errors: { cryptoAddress?: string | undefined; reference?: string | undefined };
  onChange: (field: 'cryptoAddress' | 'reference') => (value: string) => void;
}

/**
 * How an admin matches a transfer: the player's sending address and the transfer's transaction id,
 * which the server checks against the coin's shape (issue 13).
 */
export function TransferFields({ crypto, required, values, errors, onChange }: Props) {
  return (
    <>
      <TextField
        label={required ? 'Your sending address' : 'Your sending address (recommended)'}
        error={errors.cryptoAddress}
        autoComplete="off"
        spellCheck={false}
        value={values.cryptoAddress}
        onChange={(e) => onChange('cryptoAddress')(e.target.value)}
      />
      <TextField
        label={required ? 'Transaction hash (reference)' : 'Transaction hash (reference, optional)'}
        error={errors.reference}
        hint={inputRuleText.referenceHint(crypto, txReferenceShapeText(crypto))}
        autoComplete="off"
        spellCheck={false}
        required={required}
        value={values.reference}
        onChange={(e) => onChange('reference')(e.target.value)}
      />
    </>
  );
}
