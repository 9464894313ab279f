import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Building2, MessagesSquare, ShoppingBag } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, Label, toast } from '@cp/ui';
import { Checkbox } from '@cp/ui/checkbox';
import { Tabs } from '@cp/ui/tabs';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { formSchema } from '../forms/form-schema.ts';
import { loginFailureToast, registrationFailureToast } from '@cp/web-core/auth-messages';
import { useSignIn } from '@cp/web-core/sign-in';
import { toastAfterReload } from '../app/flash-toast.tsx';
import { afterLoginPath } from './after-login.ts';

const LOGIN_SCHEMA = formSchema('LoginRequestSchema');
const REGISTER_SCHEMA = formSchema('RegisterFormSchema');

/**
 * The submit of a sign-in form (login, register): busy from the press on — a success moves to another page, so the
 * button stays disabled — while a failure toasts why (`failure`) and frees the button for another try.
 */
function useSignInSubmit<D>(
  form: { submit(opts: { send: (data: D) => Promise<void>; onError: (error: unknown) => void }): (event: FormEvent) => void },
  send: (data: D) => Promise<void>,
  failure: (error: unknown) => { title: string; description: string },
) {
  const [busy, setBusy] = useState(false);
  const onSubmit = form.submit({
    send: async (data) => {
      setBusy(true);
      await send(data);
    },
    onError: (error) => {
      toast({ ...failure(error), variant: 'destructive' });
      setBusy(false);
    },
  });
  return { busy, onSubmit };
}

/** A sign-in form's full-width submit button, saying what it is doing while busy. */
function SignInButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

function LoginForm() {
  const { login } = useSignIn();
  const [params] = useSearchParams();
  const form = useSchemaForm(LOGIN_SCHEMA, { username: '', password: '', rememberMe: false });
  const { values, errors, text } = form;
  const { busy, onSubmit } = useSignInSubmit(
    form,
    async (credentials) => {
      await login(credentials);
      // Spec §4: a successful login performs a full page redirect to / (or to the page that asked for it, `next`);
      // its toast is shown by the new page.
      toastAfterReload({ title: 'You have successfully logged in.', variant: 'success' });
      window.location.assign(afterLoginPath(params.get('next')));
    },
    loginFailureToast,
  );

  return (
    <form noValidate onSubmit={onSubmit} {...form.intent} className="space-y-4">
      <Field label="Username" required error={errors.username}>
        <Input autoComplete="username" value={values.username} onChange={text('username')} />
      </Field>
      <Field label="Password" required error={errors.password}>
        <Input type="password" autoComplete="current-password" value={values.password} onChange={text('password')} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Checkbox id="remember-me" checked={values.rememberMe} onCheckedChange={(checked) => form.setValue('rememberMe', checked)} />
          <Label htmlFor="remember-me" className="font-normal">
            Remember me for 30 days
          </Label>
        </div>
        <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
      <SignInButton busy={busy} label="Login" busyLabel="Logging in..." />
    </form>
  );
}

const EMPTY_REGISTER = { username: '', email: '', firstName: '', lastName: '', password: '', confirmPassword: '', termsAccepted: false };

function RegisterForm() {
  const { register } = useSignIn();
  const form = useSchemaForm(REGISTER_SCHEMA, EMPTY_REGISTER);
  const { values, errors, text: set } = form;
  const { busy, onSubmit } = useSignInSubmit(
    form,
    async ({ confirmPassword: _confirm, ...body }) => {
      const user = await register(body);
      // The user is now the current user; the page redirects to / (logged-in users do not stay on /auth). With an
      // e-mail address, identity mailed a link to verify it (reviews need it).
      toast({
        title: 'Your account has been created successfully.',
        ...(user.email ? { description: `We sent a link to ${user.email}: open it to verify your e-mail address, which you need to write reviews.` } : {}),
        variant: 'success',
      });
    },
    registrationFailureToast,
  );

  return (
    <form noValidate onSubmit={onSubmit} {...form.intent} className="space-y-4">
      <Field label="Username" required error={errors.username}>
        <Input autoComplete="username" value={values.username} onChange={set('username')} />
      </Field>
      <Field label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName}>
          <Input autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
        </Field>
        <Field label="Last name" error={errors.lastName}>
          <Input autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
        </Field>
      </div>
      <Field label="Password" required hint="At least 6 characters." error={errors.password}>
        <Input type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
      </Field>
      <Field label="Confirm password" required error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
      </Field>
      <div className="space-y-2">
        <div className="flex items-start gap-2">
          <Checkbox
            id="terms-accepted"
            className="mt-0.5"
            checked={values.termsAccepted}
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? 'terms-accepted-error' : undefined}
            onCheckedChange={(checked) => form.setValue('termsAccepted', checked)}
          />
          <Label htmlFor="terms-accepted" className="font-normal leading-snug">
            I agree to the{' '}
            <Link to="/terms" target="_blank" className="font-medium text-primary underline underline-offset-4">
              Terms &amp; Conditions
            </Link>
          </Label>
        </div>
        {errors.termsAccepted ? (
          <p id="terms-accepted-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.termsAccepted}
          </p>
        ) : null}
      </div>
      <SignInButton busy={busy} label="Create Account" busyLabel="Creating account..." />
    </form>
  );
}

const TABS = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
];

const FEATURES = [
  { Icon: ShoppingBag, title: 'Buy & Sell', text: 'Post free classifieds for furniture, cars, rentals, jobs and services.' },
  { Icon: MessagesSquare, title: 'Community Forum', text: 'Ask questions, share tips and plan events with neighbours.' },
  { Icon: Building2, title: 'Business Directory', text: 'Find Indian restaurants, grocers, tutors and trusted local services.' },
];

/**
 * /auth's login and register tabs beside the community's pitch: the part of the page a visitor sees, loaded by
 * AuthPage only once the session answered that there is none (a signed-in user is sent on and never loads it).
 */
export default function AuthForms() {
  return (
    <div className="grid gap-8 py-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Welcome</CardTitle>
          <CardDescription>Log in to your account or create a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs tabs={TABS} defaultValue="login" listClassName="grid w-full grid-cols-2">
            {(tab) => (tab === 'register' ? <RegisterForm /> : <LoginForm />)}
          </Tabs>
        </CardContent>
      </Card>
      <aside aria-labelledby="auth-aside-title" className="rounded-xl bg-gradient-to-br from-primary to-orange-900 p-8 text-primary-foreground">
        <h2 id="auth-aside-title" className="text-2xl font-bold">
          Join the Central PA Desi Community
        </h2>
        <p className="mt-2 opacity-90">One free account for listings, the forum and the business directory.</p>
        <ul className="mt-6 space-y-5">
          {FEATURES.map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-1 h-6 w-6 shrink-0" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm opacity-90">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
