import { VALIDATION_MESSAGES as M } from '../identity/messages';
import { formErrors } from './form-errors';
import { USER_PRICE_MESSAGE, userFormSchema, type UserFormValues } from './user-form.schema';

const values = (over: Partial<UserFormValues> = {}): UserFormValues => ({
  username: 'eve',
  email: 'eve@example.com',
  password: '',
  contactNumber: '',
  address: '',
  ispName: '',
  roleId: '',
  branchIds: [],
  userPrice: '',
  sendMsg: false,
  ...over,
});

describe('user form', () => {
  it('accepts a user with only a username and an email', () => {
    expect(formErrors(userFormSchema(), values())).toEqual({});
  });

  it('asks for the username and a valid email, and a number as the price', () => {
    expect(formErrors(userFormSchema(), values({ username: ' ', email: 'eve@', userPrice: '1,5' }))).toEqual({
      username: M.usernameRequired,
      email: M.emailInvalid,
      userPrice: USER_PRICE_MESSAGE,
    });
  });

  it('leaves the username length to the server, which names the rule', () => {
    expect(formErrors(userFormSchema(), values({ username: 'x', userPrice: '12.5' }))).toEqual({});
  });
});
