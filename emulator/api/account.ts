import { hashPassword } from "../store/store";
import { AccountRecord } from "../store/records";
import { ApiRoute, done } from "./context";
import { ApiFailure } from "./answers";
import { isEmail, optionalString } from "./fields";

const MIN_PASSWORD_LENGTH = 5;

export const accountRoutes: ApiRoute[] = [
    {
        method: "GET",
        pattern: "/api/account",
        handler: ({ user }) => ({
            error: 0,
            data: {
                id: user.id,
                email: user.email,
                username: user.username,
                avatar: user.avatar,
                status: user.status,
                expires: user.expires,
                registered: user.registered,
            },
        }),
    },
    {
        method: "PUT",
        pattern: "/api/account/update",
        handler: ({ store, user, body }) => {
            const email = optionalString(body, "email");
            const password = optionalString(body, "password");
            if (email !== undefined && !isEmail(email)) throw new ApiFailure("email must be a valid e-mail address.");
            if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
                throw new ApiFailure(`password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
            }
            const changes: Partial<AccountRecord> = {};
            if (email !== undefined) changes.email = email;
            if (password !== undefined) changes.passwordHash = hashPassword(password);
            store.update("accounts", user, changes);
            return done("Account has been updated successfully.");
        },
    },
];
