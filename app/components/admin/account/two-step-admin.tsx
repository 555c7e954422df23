import { Form } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";

/**
 * The Users page's setting "Require two-step sign-in for admins": while it is on, an admin account
 * without two-step sign-in is sent to My account to set it up before anything else in the console.
 */
export function TwoStepRequirement({ required, action }: { required: boolean; action: string }) {
  return (
    <section
      aria-labelledby="two-step-required-heading"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="max-w-2xl">
        <h2 id="two-step-required-heading" className="font-bold text-gray-900">
          Two-step sign-in for admins
        </h2>
        <p className="mt-0.5 text-sm text-gray-600">
          {required
            ? "Required: every admin signs in with a code from an app after the password. An admin without it is asked to set it up first."
            : "Not required: each person may turn it on in My account. Requiring it protects the accounts that can manage everyone."}
        </p>
      </div>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="required" value={required ? "no" : "yes"} />
        <button
          type="submit"
          name="intent"
          value="two-step-required"
          className={buttonClass(required ? "edit" : "primary", "sm")}
        >
          {required ? "Stop requiring it" : "Require two-step sign-in for admins"}
        </button>
      </Form>
    </section>
  );
}
