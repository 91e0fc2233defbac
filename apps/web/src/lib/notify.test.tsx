import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirm } from './notify.tsx';
import { renderWithProviders } from '../test/render.tsx';

describe('confirm', () => {
  it('opens a modal dialog and resolves true on Yes', async () => {
    renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm('Would you like to submit the information for processing?');
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Would you like to submit the information for processing?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Cancel and on Escape', async () => {
    renderWithProviders(<div />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirm('Delete?');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = confirm('Delete again?');
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(second).resolves.toBe(false);
  });
});
