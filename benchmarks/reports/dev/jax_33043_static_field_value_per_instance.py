# source: https://github.com/jax-ml/jax/issues/33043
# framework: JAX
# A jitted static method takes a registered dataclass whose `idx` field is static: a new
# instance with another `idx` compiles again although `area` never reads `idx` - the static
# value is part of the cache key by design. Two values, two compiles; a third instance with
# an `idx` already seen hits the cache. Fine (bounded). (The report's `shape.lenght` typo is
# corrected, the timing removed.)
# label: none
# verify: c.jax['area'] == 2 and close(c.areas, e.areas)
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass(slots=True)
class Shape:
    length: jax.Array
    idx: int = field(default=1, metadata={"static": True})

    @staticmethod
    @jax.jit
    def area(shape: "Shape") -> jax.Array:
        return shape.length * shape.length


s1 = Shape(jnp.asarray(10.0), 2)
s2 = Shape(jnp.asarray(10.0), 3)
s3 = Shape(jnp.asarray(12.0), 2)
areas = [s1.area(s1), s1.area(s1), s2.area(s2), s3.area(s3)]
