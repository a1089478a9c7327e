import { inputRuleText, txReferenceShapeText } from '@gogo/shared/messages';
import type { CryptoType } from '@gogo/shared/rules';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/TextField';

/** Issue 13: one field for the transfer's transaction id, which the server checks against the coin's shape. */
export function ReferenceField(props: {
  crypto: CryptoType;
  required: boolean;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.required ? 'Transaction hash (reference)' : 'Transaction hash (reference, optional)'}
      error={props.error}
      hint={inputRuleText.referenceHint(props.crypto, txReferenceShapeText(props.crypto))}
      autoComplete="off"
      spellCheck={false}
      required={props.required}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** The request's outcome under a deposit or purchase form: the server's refusal, or its request number. */
export function FormOutcome({ error, success }: { error: string | null; success: string | null }) {
  return (
    <>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {success ? <Alert kind="success">{success}</Alert> : null}
    </>
  );
}
