"""A helper in another module reading that module's attribute."""

import spell_settings


def get_scale():
    return spell_settings.scale
