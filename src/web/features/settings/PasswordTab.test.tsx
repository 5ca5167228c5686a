/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { json } from '../../test/fetchMock';
import { PasswordTab } from './PasswordTab';
import { held, renderSignedIn } from './settingsTesting';

const current = () => screen.getByLabelText(/^كلمة المرور الحالية/);
const next = () => screen.getByLabelText(/^كلمة المرور الجديدة/);
const confirm = () => screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/);
const submit = () => screen.getByRole('button', { name: 'تغيير كلمة المرور' });
const isChange = (req: Request, path: string) => req.method === 'POST' && path === '/auth/me/change-password/';

async function fill(user: Awaited<ReturnType<typeof renderSignedIn>>['user'], values: [string, string, string]) {
  for (const [box, value] of [[current(), values[0]], [next(), values[1]], [confirm(), values[2]]] as const) {
    await user.clear(box);
    if (value) await user.type(box, value);
  }
}

describe('PasswordTab', () => {
  it('hides what is typed; submit waits for something typed', async () => {
    const { user } = await renderSignedIn(<PasswordTab />);
    for (const box of [current(), next(), confirm()]) expect(box).toHaveAttribute('type', 'password');
    expect(submit()).toBeDisabled();
    await user.type(next(), 'x');
    expect(submit()).toBeEnabled();
  });

  it('checks the §5 rules with their messages and sends nothing until they hold', async () => {
    const { user, api } = await renderSignedIn(<PasswordTab />);
    await fill(user, ['', 'short', 'other']);
    await user.click(submit());
    expect(await screen.findByText('كلمة المرور الحالية مطلوبة')).toBeInTheDocument();
    expect(screen.getByText('8 أحرف على الأقل')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    await fill(user, ['Reader#2025', 'Better#2026', '']);
    await user.click(submit());
    expect(await screen.findByText('التأكيد مطلوب')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the current and new passwords only; success says so and empties the form', async () => {
    const bodies: unknown[] = [];
    const call = held(() => json(200, { detail: 'تم تغيير كلمة المرور بنجاح.' }));
    const { user } = await renderSignedIn(<PasswordTab />, {
      handler: async (req, path) => {
        if (!isChange(req, path)) return json(404, {});
        bodies.push(await req.clone().json());
        return call.handler(req, path);
      },
    });
    await fill(user, ['Reader#2025', 'Better#2026', 'Better#2026']);
    await user.click(submit());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(submit()).toBeDisabled();
    expect(current()).toBeDisabled();
    call.release();
    expect(await screen.findByText('تم تغيير كلمة المرور بنجاح')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ old_password: 'Reader#2025', new_password: 'Better#2026' });
    await waitFor(() => expect(next()).toHaveValue(''));
    expect(current()).toHaveValue('');
    expect(confirm()).toHaveValue('');
    expect(submit()).toBeDisabled();
  });

  it("says 'the current password is incorrect' for any failure, the server's reasons inline, and keeps the form", async () => {
    let answer = json(400, { old_password: ['كلمة المرور الحالية غير صحيحة.'], new_password: ['كلمة المرور هذه شائعة جداً.'] });
    const { user, api } = await renderSignedIn(<PasswordTab />, { handler: (req, path) => (isChange(req, path) ? answer : json(404, {})) });
    await fill(user, ['wrong-one', 'password1', 'password1']);
    await user.click(submit());
    expect(await screen.findByText('كلمة المرور الحالية غير صحيحة')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور هذه شائعة جداً.')).toBeInTheDocument();
    expect(next()).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toHaveValue('password1');

    answer = json(500, { detail: 'boom' });
    await user.type(current(), '!');
    await user.click(submit());
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(await screen.findAllByText('كلمة المرور الحالية غير صحيحة')).not.toHaveLength(0);
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(current()).toHaveValue('wrong-one!');
  });
});
