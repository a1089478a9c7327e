import type { InputHTMLAttributes } from 'react';
import { depositAmountStep, type CryptoType } from '@gogo/shared/rules';

/** What an amount counts: a coin (its deposit step), GOGO or dice rolls (whole numbers). */
export type AmountUnit = CryptoType | 'GOGO' | 'dice';

/** The input step per unit: cents for USDT and USDC, any amount for BTC, ETH and SOL, 1 for GOGO and dice. */
export function amountStep(unit: AmountUnit): number | 'any' {
  return unit === 'GOGO' || unit === 'dice' ? 1 : depositAmountStep(unit);
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'step' | 'inputMode'> & {
  unit: AmountUnit;
  /** A coarser step than the unit's (dice bought in packs of DICE_PURCHASE_STEP). */
  step?: number;
};

/**
 * A number input that steps as the unit does, with the phone keyboard to match (digits only for
 * whole units, a decimal point for coins). Put it in a Field for its label and error.
 */
export function AmountInput({ unit, step, min = 0, ...input }: Props) {
  const unitStep = step ?? amountStep(unit);
  const whole = unitStep !== 'any' && Number.isInteger(unitStep);
  return (
    <input
      {...input}
      type="number"
      inputMode={whole ? 'numeric' : 'decimal'}
      min={min}
      step={unitStep === 'any' ? 'any' : String(unitStep)}
    />
  );
}
