import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { InvitationManager } from './InvitationManager.tsx';

const signedIn = signedInApi();
const LIST = '/be/api/auth/teacher-invitations/';
const person = { id: 1, email: 'ana@example.com', username: 'ana', first_name: '', last_name: '' };

/** A server keeping the teacher invitations in memory: list, create, revoke. */
function api(createStatus = 201) {
  const invitations: object[] = [];
  signedIn.server.handle((request) => {
    if (request.path === LIST && request.method === 'GET') {
      return { status: 200, body: invitations };
    }
    if (request.path === LIST && request.method === 'POST') {
      if (createStatus !== 201) {
        return {
          status: createStatus,
          body: {
            detail: 'Must be a valid email.',
            code: 'validation_error',
            fields: { email: ['Must be a valid email.'] },
            field_codes: { email: ['invalid_format'] },
          },
        };
      }
      const { email } = JSON.parse(request.body || '{}') as { email?: string };
      const id = invitations.length + 1;
      const created = {
        id,
        code: `code${id}`,
        invitation_type: 'teacher',
        plan_type: 'standard',
        email: email ?? null,
        status: 'pending',
        created_by: person,
        used_by: null,
        created_at: '2026-01-01T00:00:00Z',
        expires_at: '2026-01-08T00:00:00Z',
        used_at: null,
      };
      invitations.unshift(created);
      return { status: 201, body: created };
    }
    const revoke = /^\/be\/api\/auth\/teacher-invitations\/(\d+)\/$/.exec(request.path);
    if (revoke && request.method === 'DELETE') {
      const at = invitations.findIndex((i) => (i as { id: number }).id === Number(revoke[1]));
      invitations.splice(at, 1);
      return { status: 204 };
    }
    return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
  });
}

describe('InvitationManager', () => {
  test('creates an invitation for an address, shows its link, and revokes it after confirming', async () => {
    api();
    renderWithProviders(<InvitationManager kind="teacher" origin="https://memoria.app" />);
    expect(await screen.findByText('No invitations yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email (optional)'), {
      target: { value: 'kim@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByText('For kim@example.com')).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Invitation link' }) as HTMLInputElement).value,
    ).toBe('https://memoria.app/invitation/code1');
    const posted = signedIn.server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(posted?.body ?? '')).toEqual({ email: 'kim@example.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('No invitations yet.')).toBeTruthy();
    await waitFor(() =>
      expect(signedIn.server.requests.some((r) => r.method === 'DELETE')).toBe(true),
    );
  });

  test('a refused address shows its message under the email field', async () => {
    api(400);
    renderWithProviders(<InvitationManager kind="teacher" />);
    await screen.findByText('No invitations yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    const field = screen.getByLabelText('Email (optional)');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });
});
