// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement as h, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHarness, OtpHarness } from '../test/harness.tsx';
import { Alert, Toast } from './alert.tsx';
import { Button } from './button.tsx';
import { Skeleton, SkeletonGroup } from './skeleton.tsx';
import { Tabs } from './tabs.tsx';
import { TextField } from './text-field.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const active = () => document.activeElement;

describe('Button', () => {
  it('is a button of the given variant that answers clicks', () => {
    const onClick = vi.fn();
    render(h(Button, { variant: 'secondary', onClick }, 'Get OTP'));
    const button = screen.getByRole('button', { name: 'Get OTP' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('pv-button--secondary');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while loading says so, keeps focus and ignores clicks and submits', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      h(
        'form',
        { onSubmit },
        h(Button, { type: 'submit', loading: true, loadingLabel: 'Sending OTP…', onClick }, 'Get OTP'),
      ),
    );
    const button = screen.getByRole('button', { name: 'Sending OTP…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    button.focus();
    expect(active()).toBe(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('is labelled and described by its hint', () => {
    render(h(TextField, { id: 'mobile', label: 'Mobile number', hint: '10 digits', prefix: '+91' }));
    const field = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(field.getAttribute('aria-describedby')).toBe('mobile-hint');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('announces its error and ties it to the input', () => {
    render(h(TextField, { label: 'Mobile number', hint: '10 digits', error: 'Enter your mobile number' }));
    const field = screen.getByRole('textbox', { name: 'Mobile number' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Enter your mobile number');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
  });
});

describe('OtpInput', () => {
  const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'One-time password (OTP)' });

  it('is one labelled numeric one-time-code box drawn as six digit boxes', () => {
    const { container } = render(h(OtpHarness));
    expect(input().getAttribute('autocomplete')).toBe('one-time-code');
    expect(input().getAttribute('inputmode')).toBe('numeric');
    expect(input().getAttribute('maxlength')).toBe('6');
    expect(input().getAttribute('aria-describedby')).toBe('otp-hint');
    const boxes = container.querySelectorAll('.pv-otp-box');
    expect(boxes).toHaveLength(6);
    expect(boxes[0]!.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps the digits of a pasted message and reports the complete code', () => {
    const onComplete = vi.fn();
    const { container } = render(h(OtpHarness, { onComplete }));
    fireEvent.paste(input(), { clipboardData: { getData: () => 'Your OTP is 123 456. Do not share it.' } });
    expect(input().value).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(Array.from(container.querySelectorAll('.pv-otp-box')).map((box) => box.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('drops letters and extra digits typed in', () => {
    render(h(OtpHarness));
    fireEvent.change(input(), { target: { value: '12a34' } });
    expect(input().value).toBe('1234');
    fireEvent.change(input(), { target: { value: '12345678' } });
    expect(input().value).toBe('123456');
  });

  it('moves the active box with the arrow keys and replaces the digit at the caret', () => {
    const { container } = render(h(OtpHarness));
    fireEvent.change(input(), { target: { value: '123456' } });
    input().focus();
    input().setSelectionRange(2, 2);
    fireEvent.select(input());
    const activeBox = () => container.querySelector('.pv-otp-box--active')?.getAttribute('data-box');
    expect(activeBox()).toBe('2');
    fireEvent.keyDown(input(), { key: '9' });
    expect(input().value).toBe('129456');
    expect(activeBox()).toBe('3');
  });
});

describe('Modal', () => {
  it('is a named modal dialog that takes focus and gives it back on Esc', () => {
    const onClose = vi.fn();
    render(h(ModalHarness, { onClose }));
    const opener = screen.getByRole('button', { name: 'Withdraw consent' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your consent?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'We will stop using your data for this service.',
    );
    // The first control of the body, not the close button.
    expect(active()?.textContent).toBe('Read the terms');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active()).toBe(opener);
  });

  it('keeps Tab and Shift+Tab inside', () => {
    render(h(ModalHarness));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Withdraw' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(active()).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(active()).toBe(last);
  });

  it('closes from its close button and from the overlay', () => {
    const onClose = vi.fn();
    render(h(ModalHarness, { onClose }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith('close-button');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    fireEvent.click(screen.getByTestId('pv-overlay'));
    expect(onClose).toHaveBeenLastCalledWith('overlay');
  });
});

describe('Skeleton', () => {
  it('is hidden from assistive technology; its group says what is loading', () => {
    render(h(SkeletonGroup, { label: 'Loading your offers…', children: h(Skeleton, { shape: 'text', width: '60%' }) }));
    expect(screen.getByRole('status').textContent).toBe('Loading your offers…');
    expect(document.querySelector('.pv-skeleton')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});

describe('Alert and Toast', () => {
  it('an error interrupts (role=alert); a success waits its turn (role=status)', () => {
    render(
      h('div', null, h(Alert, { tone: 'error' }, 'Please wait 27 seconds'), h(Alert, { tone: 'success' }, 'Sent')),
    );
    expect(screen.getByRole('alert').textContent).toBe('Please wait 27 seconds');
    expect(screen.getByRole('status').textContent).toBe('Sent');
  });

  it('a toast dismisses itself after its time, unless hovered; errors stay', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(h(Toast, { tone: 'success', onDismiss, duration: 3000 }, 'Consent withdrawn'));
    const toast = screen.getByRole('status');
    fireEvent.mouseEnter(toast.parentElement!);
    act(() => void vi.advanceTimersByTime(5000));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseLeave(toast.parentElement!);
    act(() => void vi.advanceTimersByTime(3000));
    expect(onDismiss).toHaveBeenCalledOnce();
    cleanup();
    const onErrorDismiss = vi.fn();
    render(h(Toast, { tone: 'error', onDismiss: onErrorDismiss }, 'Could not withdraw'));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(onErrorDismiss).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onErrorDismiss).toHaveBeenCalledOnce();
  });
});

describe('Tabs', () => {
  const items = [
    { id: 'score', label: 'Score', panel: 'Your score is 781' },
    { id: 'report', label: 'Report', panel: 'Your report' },
    { id: 'alerts', label: 'Alerts', panel: 'No alerts' },
  ];

  it('follows the WAI-ARIA tabs pattern: one tab stop, tabs control labelled panels', () => {
    render(h(Tabs, { items, label: 'Credit' }));
    expect(screen.getByRole('tablist', { name: 'Credit' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Score' });
    expect(panel.textContent).toBe('Your score is 781');
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('brings a chosen tab into view (a narrow list scrolls sideways)', () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
    ) {
      scrolled.push(this.textContent ?? '');
    });
    render(h(Tabs, { items, label: 'Credit' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(scrolled).toEqual(['Alerts']);
    scrollIntoView.mockRestore();
  });

  it('moves and selects with the arrow keys (wrapping), Home and End', () => {
    function Controlled() {
      const [selected, setSelected] = useState('score');
      return h(Tabs, { items, label: 'Credit', selectedId: selected, onSelect: setSelected });
    }
    render(h(Controlled));
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Score').focus();
    fireEvent.keyDown(tab('Score'), { key: 'ArrowRight' });
    expect(active()).toBe(tab('Report'));
    expect(tab('Report').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Your report');
    fireEvent.keyDown(tab('Report'), { key: 'End' });
    expect(active()).toBe(tab('Alerts'));
    fireEvent.keyDown(tab('Alerts'), { key: 'ArrowRight' });
    expect(active()).toBe(tab('Score'));
    fireEvent.keyDown(tab('Score'), { key: 'ArrowLeft' });
    expect(active()).toBe(tab('Alerts'));
    fireEvent.keyDown(tab('Alerts'), { key: 'Home' });
    expect(active()).toBe(tab('Score'));
    expect(tab('Score').getAttribute('tabindex')).toBe('0');
  });
});
