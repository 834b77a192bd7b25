# source: https://github.com/sql-machine-learning/elasticdl/pull/2529
# framework: TF
# Label: fine look-alike. A static checker's report (issue 2521, fixed by this pull request):
# `RecordIODataReaderTest` builds the `tf.io.FixedLenFeature` spec inside the loop over records
# and calls `tf.io.parse_single_example` on each. The loop runs eagerly: nothing is traced, so
# the spec built per record is ordinary Python work, not a retrace. The test's body as in the
# repository; the RecordIO shard is a list of serialized `tf.train.Example`s and the asserts
# are kept as a count.
# label: none
# verify: c.checked == c.num_records and sum(c.tf.values()) == 0
import tensorflow as tf


def make_record(x, y):
    feature = {
        "x": tf.train.Feature(float_list=tf.train.FloatList(value=[x])),
        "y": tf.train.Feature(float_list=tf.train.FloatList(value=[y])),
    }
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


num_records = 128
records = [make_record(float(i), float(2 * i)) for i in range(num_records)]
checked = 0
for record in records:
    parsed_record = tf.io.parse_single_example(
        record,
        {
            "x": tf.io.FixedLenFeature([1], tf.float32),
            "y": tf.io.FixedLenFeature([1], tf.float32),
        },
    )
    for k, v in parsed_record.items():
        assert len(v.numpy()) == 1
    checked += 1
