import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { checkPassword, checkUsername, type MessageKey, RULE_MESSAGE_PARAMS, translate } from '@trialpath/domain';
import { useMessages } from './i18n';

/** The password rules, in the order shown to the person. */
const PASSWORD_RULE_KEYS: readonly MessageKey[] = [
  'password.minLength',
  'password.letter',
  'password.number',
  'password.special',
];

/** The username rules (the same kinds of rule, the username's own messages). */
const USERNAME_RULE_KEYS: readonly MessageKey[] = [
  'username.minLength',
  'username.letter',
  'username.number',
  'username.special',
];

export type RuleHintsKind = 'password' | 'username';

/** Each rule with whether `password` meets it (from the domain's checkPassword). */
export function passwordRuleStates(password: string): { key: MessageKey; met: boolean }[] {
  const failed = new Set(checkPassword(password));
  return PASSWORD_RULE_KEYS.map((key) => ({ key, met: !failed.has(key) }));
}

/** Each username rule with whether `username` meets it (from the domain's checkUsername, without availability). */
export function usernameRuleStates(username: string): { key: MessageKey; met: boolean }[] {
  const failed = new Set(checkUsername(username));
  return USERNAME_RULE_KEYS.map((key) => ({ key, met: !failed.has(key) }));
}

/**
 * Live hints under a new-password (or a new username, `kind="username"`) field: each shared rule, shown
 * up front and ticked when met.
 */
export function PasswordRuleHints({
  password,
  id,
  kind = 'password',
}: {
  password: string;
  id?: string;
  kind?: RuleHintsKind;
}) {
  const { lang, label } = useMessages();
  const states = kind === 'username' ? usernameRuleStates(password) : passwordRuleStates(password);
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={4}>
        {label(kind === 'username' ? 'usernameRules' : 'passwordRules')}
      </Text>
      <List spacing={2} size="sm" center>
        {states.map(({ key, met }) => (
          <List.Item
            key={key}
            icon={
              <ThemeIcon
                color={met ? 'teal' : 'gray'}
                variant={met ? 'filled' : 'light'}
                size={18}
                radius="xl"
                aria-hidden="true"
              >
                <span style={{ fontSize: 11, lineHeight: 1 }}>{met ? '✓' : '•'}</span>
              </ThemeIcon>
            }
          >
            <Text span size="sm" c={met ? 'teal.9' : 'dark.6'}>
              {translate(key, RULE_MESSAGE_PARAMS, lang)}
            </Text>
            <VisuallyHidden> ({met ? label('ruleMet') : label('ruleNotMet')})</VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
