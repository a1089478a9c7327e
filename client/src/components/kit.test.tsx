// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AmountInput, amountStep } from './AmountInput';
import { Checkbox } from './Checkbox';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable } from './DataTable';
import { Modal } from './Modal';
import { Pager } from './Pager';
import { Segmented } from './Segmented';
import { SelectField } from './SelectField';
import { Tabs } from './Tabs';
import { TextField } from './TextField';
import { ToastRegion } from './Toast';
import { TOAST_MS, useToasts } from './useToasts';

afterEach(cleanup);

describe('Modal', () => {
  it('closes on Escape and on the backdrop, but neither while busy', () => {
    const onClose = vi.fn();
    const { rerender, container } = render(
      <Modal title="Hello" onClose={onClose}>
        <input aria-label="Name" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Hello' });
    expect(screen.getByLabelText('Name')).toBe(document.activeElement); // focus starts on the first field
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(container.querySelector('.modal-backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(2);

    rerender(
      <Modal title="Hello" onClose={onClose} busy>
        <input aria-label="Name" />
      </Modal>,
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(container.querySelector('.modal-backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores the backdrop when closeOnBackdrop is off (the auth modal while an error shows)', () => {
    const onClose = vi.fn();
    const { container } = render(
      <Modal title="Hello" onClose={onClose} closeOnBackdrop={false}>
        <p>Body</p>
      </Modal>,
    );
    fireEvent.mouseDown(container.querySelector('.modal-backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog', () => {
  it('confirms on Enter unless it cannot, and shows the busy label', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        title="Delete?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        tone="danger"
        canConfirm={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      >
        <TextField label="Password" />
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete?' })).toBeTruthy();
    fireEvent.submit(screen.getByLabelText('Password').closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(
      <ConfirmDialog
        title="Delete?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={onConfirm}
        onCancel={() => {}}
      >
        <TextField label="Password" />
      </ConfirmDialog>,
    );
    fireEvent.submit(screen.getByLabelText('Password').closest('form')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog
        title="Delete?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy
        onConfirm={onConfirm}
        onCancel={() => {}}
      >
        <TextField label="Password" />
      </ConfirmDialog>,
    );
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('TextField', () => {
  it('ties its error and hint to the input', () => {
    render(<TextField label="Email" hint="We never share it." error="Please enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['We never share it.', 'Please enter a valid email address']);
  });
});

describe('AmountInput', () => {
  it('steps as the coin does', () => {
    expect(amountStep('USDT')).toBe(0.01);
    expect(amountStep('BTC')).toBe('any');
    expect(amountStep('dice')).toBe(1);
    render(
      <>
        <AmountInput aria-label="usdc" unit="USDC" />
        <AmountInput aria-label="eth" unit="ETH" />
        <AmountInput aria-label="gogo" unit="GOGO" min={1} />
        <AmountInput aria-label="packs" unit="dice" step={10} />
      </>,
    );
    const attrs = (name: string) => {
      const el = screen.getByLabelText(name);
      return [el.getAttribute('step'), el.getAttribute('inputmode'), el.getAttribute('min')];
    };
    expect(attrs('usdc')).toEqual(['0.01', 'decimal', '0']);
    expect(attrs('eth')).toEqual(['any', 'decimal', '0']);
    expect(attrs('gogo')).toEqual(['1', 'numeric', '1']);
    expect(attrs('packs')).toEqual(['10', 'numeric', '0']);
  });
});

const TABS = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
  { id: 'c', label: 'Gamma' },
] as const;

function TabsHarness() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a');
  return <Tabs tabs={TABS} selected={selected} onSelect={setSelected} label="Sections" idPrefix="t" />;
}

describe('Tabs', () => {
  it('moves with the arrows (wrapping), Home and End, with one tab stop', () => {
    render(<TabsHarness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(tab('Gamma').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Gamma'));
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(tab('Alpha').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Alpha'), { key: 'End' });
    expect(tab('Gamma').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tab('Alpha').getAttribute('aria-controls')).toBe('t-panel-a');
  });
});

describe('DataTable', () => {
  const rows = [
    { id: 1, name: 'ann' },
    { id: 2, name: 'bob' },
  ];
  const columns = [{ key: 'name', header: 'Name', sortKey: 'name', cell: (r: (typeof rows)[number]) => r.name }];

  it('shows its empty state, and sorts through the header', () => {
    const onSort = vi.fn();
    const { rerender } = render(
      <DataTable label="People" columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="Nobody yet." />,
    );
    expect(screen.getByText('Nobody yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        emptyText="Nobody yet."
        sort={{ key: 'name', order: 'desc' }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name', 'asc');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});

describe('Pager', () => {
  it('says which rows show and stops at the ends', () => {
    const onPage = vi.fn();
    render(<Pager pagination={{ page: 2, pages: 2, total: 1234, limit: 1000 }} onPage={onPage} label="Pages" />);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('1,001–1,234 of 1,234');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});

function ToastHarness() {
  const { toasts, push, dismiss } = useToasts();
  return (
    <>
      <button type="button" onClick={() => push({ tone: 'success', title: 'Saved' })}>
        push
      </button>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </>
  );
}

describe('Toast', () => {
  it('shows a toast for 4 s, or until dismissed', () => {
    vi.useFakeTimers();
    try {
      render(<ToastHarness />);
      fireEvent.click(screen.getByText('push'));
      expect(screen.getByRole('status').textContent).toContain('Saved');
      act(() => void vi.advanceTimersByTime(TOAST_MS));
      expect(screen.queryByText('Saved')).toBeNull();
      fireEvent.click(screen.getByText('push'));
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByText('Saved')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Checkbox, SelectField and Segmented', () => {
  it('label their controls and report the choice', () => {
    const onPick = vi.fn();
    render(
      <>
        <Checkbox label="Email me" hint="At most once a week." defaultChecked />
        <SelectField label="Coin" options={[{ value: 'BTC', label: 'Bitcoin' }]} error="Choose a coin" />
        <Segmented
          label="Decision"
          options={[
            { value: 'approve', label: 'Approve' },
            { value: 'reject', label: 'Reject' },
          ]}
          value="approve"
          onChange={onPick}
        />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: /Email me/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('At most once a week.');
    expect(screen.getByRole('combobox', { name: 'Coin' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Approve' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Reject' }));
    expect(onPick).toHaveBeenCalledWith('reject');
  });
});
